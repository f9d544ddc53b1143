/**
 * Baileys is loaded on the first WhatsApp Web session, not at start: most servers never pair a number and the
 * library (protobuf definitions, signal) takes a while to load. Types come from it statically (erased).
 */
let loading: Promise<typeof import('baileys')> | null = null;
export const loadBaileys = () => (loading ??= import('baileys'));
