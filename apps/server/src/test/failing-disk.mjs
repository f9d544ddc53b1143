// Test fixture, preloaded in PGlite's thread (--import): a disk whose syncs fail (EIO, as a dying disk's do)
// while the file named by this module's `?flag=` exists.
import fs from 'node:fs';

const flag = new URL(import.meta.url).searchParams.get('flag');
const fsync = fs.fsyncSync;
fs.fsyncSync = (fd) => {
  if (flag && fs.existsSync(flag)) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO', errno: -5 });
  return fsync(fd);
};
