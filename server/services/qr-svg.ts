/**
 * A QR code as an SVG image (a UPI payment, an operator's authenticator setup). The qrcode package
 * loads with the first code drawn, not at start: a process that draws none keeps none of its code
 * in memory (docs/performance.md "Memory").
 */
export async function qrSvg(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
