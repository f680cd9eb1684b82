export interface Upload {
  /** The part's field name; `file` unless said otherwise. */
  name?: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/**
 * A multipart form for `app.inject({ payload })`: text fields, then any number of files.
 * light-my-request encodes a FormData itself (boundary, content type, chunked body).
 */
export function formData(fields: Record<string, string>, files: readonly Upload[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    const blob = new Blob([file.data], { type: file.contentType ?? 'application/octet-stream' });
    form.append(file.name ?? 'file', blob, file.filename ?? 'upload.bin');
  }
  return form;
}

/**
 * The bytes a client would send for `form`, encoded by the platform's fetch (undici), for a test
 * that must deliver the body piece by piece.
 */
export async function encodeForm(form: FormData): Promise<{ contentType: string; bytes: Buffer }> {
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type');
  if (!contentType) throw new Error('the form was encoded without a content type');
  return { contentType, bytes: Buffer.from(await encoded.arrayBuffer()) };
}
