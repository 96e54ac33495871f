const KEY = "eventora_scanner_device";

/**
 * This scanner's own id (issue 38): the scan log names the device, and with each scan's nonce a repeated
 * upload records nothing twice. Kept in this browser; a fresh one if storage is unavailable.
 */
export function scannerDeviceId(): string {
  try {
    const known = localStorage.getItem(KEY);
    if (known) return known;
    const made = `scanner-${crypto.randomUUID()}`;
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return `scanner-${crypto.randomUUID()}`;
  }
}
