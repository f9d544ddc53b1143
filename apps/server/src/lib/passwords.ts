import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP's minimum: m=19 MiB, t=2, p=1). */
export const hashPassword = (plain: string) => hash(plain);
export const verifyPassword = (hashed: string, plain: string) => verify(hashed, plain).catch(() => false);
/** Compared against when the e-mail is unknown, so both answers take the same time. */
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$VjSyhwjW+ZSy+38qIo1rQw$ut076Z3Ae71XHpCkLUoWsA4O/NdZmNYbnB1FOoaRzA4';
