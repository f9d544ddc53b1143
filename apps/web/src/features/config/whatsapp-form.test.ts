import { describe, expect, it } from 'vitest';
import { WHATSAPP_TEXTS, type TCanalWhatsApp } from '@balcao/shared/canais';
import { emptyWhatsApp, newVerifyToken, prepareWhatsApp, whatsappToForm, whatsappUpdate } from './whatsapp-form';

const DEP = '0b9a3f1e-5c2d-4e8f-9a7b-1c2d3e4f5a6b';
const canal: TCanalWhatsApp = {
  id: 'c1',
  tipo: 'whatsapp',
  nome: 'Loja',
  ativo: true,
  token: 'tok',
  webhookUrl: 'https://balcao.test/backend/webhooks/whatsapp/tok',
  config: { phoneNumberId: '106540352242922', wabaId: '102290129340398', verifyToken: 'segredo-123', departamentoPadraoId: DEP },
  accessTokenMascarado: '••••abcd',
  appSecretDefinido: true,
  conexao: null,
  ultimoErroWebhook: null,
  entregasComFalha: 0,
  criadoEm: '2026-11-23T10:00:00.000Z',
};
const valid = {
  ...emptyWhatsApp(),
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  accessToken: 'EAAG'.padEnd(40, 'x'),
  appSecret: 'abcdef123456',
  verifyToken: 'verifica-123',
};

describe('WhatsApp number form', () => {
  it('a new number needs every field, with the shared schema messages', () => {
    const { data, errors } = prepareWhatsApp(emptyWhatsApp(), false, null);
    expect(data).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['accessToken', 'appSecret', 'phoneNumberId', 'verifyToken', 'wabaId']);
    expect(errors.accessToken).toBe('Informe o token de acesso do Meta.');
    expect(prepareWhatsApp(valid, false, null).data).toMatchObject({ phoneNumberId: '106540352242922', ativo: true });
  });

  it('never reads the secrets back: editing starts with them empty and keeps the stored ones', () => {
    const form = whatsappToForm(canal);
    expect(form.accessToken).toBe('');
    expect(form.appSecret).toBe('');
    expect(form.verifyToken).toBe('segredo-123');
    const { data } = prepareWhatsApp(form, true, [DEP]);
    expect(data).toMatchObject({ accessToken: '', appSecret: '', departamentoPadraoId: DEP });
  });

  it('a short secret typed while editing is refused', () => {
    expect(prepareWhatsApp({ ...whatsappToForm(canal), accessToken: 'curto' }, true, null).errors.accessToken).toBeTruthy();
  });

  it('drops a department that no longer exists', () => {
    expect(prepareWhatsApp({ ...valid, departamentoPadraoId: DEP }, false, []).data?.departamentoPadraoId).toBeNull();
  });

  it('Ativar/Pausar sends the stored settings with the secrets left empty', () => {
    expect(whatsappUpdate(canal, { ativo: false })).toMatchObject({ ativo: false, accessToken: '', appSecret: '', nome: 'Loja' });
  });

  it('makes verify tokens the schema accepts', () => {
    const t = newVerifyToken();
    expect(t).toMatch(/^[0-9a-z]{36}$/);
    expect(newVerifyToken()).not.toBe(t);
    expect(prepareWhatsApp({ ...valid, verifyToken: t }, false, null).data).not.toBeNull();
    expect(WHATSAPP_TEXTS.foraDaJanela).toContain('24 horas');
  });
});
