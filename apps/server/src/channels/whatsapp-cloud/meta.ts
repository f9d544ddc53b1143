/** The parts of Meta's webhook body (WhatsApp Cloud API, field 'messages') that Balcão reads. */
export type MetaError = { code?: number; title?: string; message?: string; error_data?: { details?: string } };
export type MetaMedia = { id?: string; mime_type?: string; caption?: string; filename?: string };
export type MetaMessage = {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  context?: { id?: string; from?: string; forwarded?: boolean };
  text?: { body?: string };
  image?: MetaMedia;
  video?: MetaMedia;
  audio?: MetaMedia;
  document?: MetaMedia;
  sticker?: MetaMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: { name?: { formatted_name?: string; first_name?: string }; phones?: { phone?: string; wa_id?: string }[] }[];
  interactive?: { type?: string; button_reply?: { title?: string }; list_reply?: { title?: string; description?: string } };
  button?: { text?: string; payload?: string };
  reaction?: { message_id?: string; emoji?: string };
  edit?: { original_message_id?: string; message?: MetaMessage };
  revoke?: { original_message_id?: string };
  errors?: MetaError[];
};
export type MetaStatus = { id?: string; status?: string; timestamp?: string; errors?: MetaError[] };
type MetaValue = {
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  messages?: MetaMessage[];
  statuses?: MetaStatus[];
  errors?: MetaError[];
};
export type MetaWebhook = { object?: string; entry?: { changes?: { field?: string; value?: MetaValue }[] }[] };
