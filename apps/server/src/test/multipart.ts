/** A multipart body as the browser sends it: FormData serialised by `Response` gives the bytes and the boundary. */
export async function multipart(parts: { field: string; bytes?: Buffer; filename?: string; type?: string; text?: string }[]) {
  const form = new FormData();
  for (const p of parts) {
    if (p.text !== undefined) form.append(p.field, p.text);
    else form.append(p.field, new Blob([p.bytes!], { type: p.type ?? 'application/octet-stream' }), p.filename ?? 'arquivo');
  }
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}

/** A real 1x1 PNG (the smallest valid one), so content detection sees genuine image bytes. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
