// Placeholder until the page lands (issue 7).
export default function Page() {
  return <main id="main" className="container mx-auto px-4 py-10"><h1 className="text-2xl font-bold">Coming soon</h1></main>;
}
