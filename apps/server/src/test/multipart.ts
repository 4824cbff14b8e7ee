/**
 * A multipart body with its parts in the order given, and its content-type header; a Buffer value is
 * sent as a PNG file named `filename` (its field's name by default).
 */
export function multipartBody(
  parts: Array<[string, string | Buffer]>,
  options: { boundary?: string; filename?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = options.boundary ?? 'cutout-test-boundary';
  const chunks = parts.flatMap(([name, value]) => {
    const file = Buffer.isBuffer(value)
      ? `; filename="${options.filename ?? `${name}.png`}"\r\nContent-Type: image/png`
      : '';
    return [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n`),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    ];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
