import mime from 'mime';

/**
 * The type an upload is served with, from the extension its name got from its detected bytes (lib/uploads): the
 * same table and charset rule as the static files' server (@fastify/send), so both backends answer alike.
 */
export function contentTypeOf(key: string): string {
  const type = mime.getType(key) ?? 'application/octet-stream';
  return /^(text\/|application\/json|application\/javascript)/.test(type) ? `${type}; charset=utf-8` : type;
}
