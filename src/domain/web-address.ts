/** An absolute http(s) address: the only kind of link users may give (image, video, website). */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
