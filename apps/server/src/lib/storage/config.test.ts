import { describe, expect, it } from 'vitest';
import { ZEnv } from '../../env';
import { s3ConfigOf } from './config';

const issues = (env: Record<string, string>) => {
  const r = ZEnv.safeParse(env);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('S3_* variables', () => {
  it('none: the uploads stay on the disk', () => {
    expect(s3ConfigOf(ZEnv.parse({}))).toBeNull();
  });

  it('a bucket with its endpoint and keys: the settings the SDK is given', () => {
    const env = ZEnv.parse({
      S3_BUCKET: 'balcao-uploads',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'chave',
      S3_SECRET_ACCESS_KEY: 'segredo',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(s3ConfigOf(env)).toEqual({
      bucket: 'balcao-uploads',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'chave',
      secretAccessKey: 'segredo',
      forcePathStyle: true,
    });
  });

  it('wrong values and combinations are named, in Portuguese', () => {
    expect(issues({ S3_BUCKET: 'Meu_Bucket' })).toEqual([
      'S3_BUCKET: use de 3 a 63 letras minúsculas, números, pontos ou hífens (a regra de nomes do S3)',
    ]);
    expect(issues({ S3_BUCKET: 'balcao', S3_ENDPOINT: 'minio:9000' })).toEqual(['S3_ENDPOINT: deve ser uma URL http:// ou https://']);
    expect(issues({ S3_BUCKET: 'balcao', S3_FORCE_PATH_STYLE: 'sim' })).toEqual([expect.stringMatching(/^S3_FORCE_PATH_STYLE: /)]);
    expect(issues({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'chave' })).toEqual([
      'S3_ENDPOINT: só vale com S3_BUCKET definido',
      'S3_ACCESS_KEY_ID: só vale com S3_BUCKET definido',
    ]);
    expect(issues({ S3_BUCKET: 'balcao', S3_ACCESS_KEY_ID: 'chave' })).toEqual([
      'S3_SECRET_ACCESS_KEY: defina S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntas',
    ]);
  });
});
