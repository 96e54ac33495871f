export default function Placeholder() {
  return <div className="container-page py-10">Coming in this issue</div>;
}
