import { describe, expect, it } from 'vitest';
import {
  CONNECTION_MODAL_CLOSED_MS,
  CONNECTION_MODAL_LOGIN_GRACE_MS,
  INTEGRACOES_STORAGE,
  WHATSAPP_BANNER_DISMISS_MS,
} from '@balcao/shared/integracoes';
import {
  bannerState,
  dismissUntil,
  estadoWhatsApp,
  isConfigPath,
  markLoggedIn,
  readEpoch,
  resetModalMarks,
  shouldShowModal,
} from './connection-state';

const NOW = 1_800_000_000_000;
const banner = (over: Partial<Parameters<typeof bannerState>[0]> = {}) =>
  bannerState({ isMaster: true, pathname: '/atendimentos', dismissedUntil: null, now: NOW, whatsapp: null, ...over });
const modal = (over: Partial<Parameters<typeof shouldShowModal>[0]> = {}) =>
  shouldShowModal({
    isMaster: true,
    pathname: '/atendimentos',
    now: NOW,
    isConnected: false,
    canUseFeatures: true,
    closedAt: null,
    remindUntil: null,
    loggedInAt: null,
    ...over,
  });

function memoryStore() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('connection banner (spec part 1 §4)', () => {
  it('says offline when not connected, paused when connected but not active, nothing when both', () => {
    expect(banner({ whatsapp: { conectado: false, ativo: false } })).toBe('whatsapp_disconnected');
    expect(banner({ whatsapp: { conectado: false, ativo: true } })).toBe('whatsapp_disconnected');
    expect(banner({ whatsapp: { conectado: true, ativo: false } })).toBe('whatsapp_inactive');
    expect(banner({ whatsapp: { conectado: true, ativo: true } })).toBe('none');
  });

  it('treats a failed poll as not connected and not active', () => {
    expect(banner({ whatsapp: null })).toBe('whatsapp_disconnected');
  });

  it('is for the master only and never on any /config path', () => {
    expect(banner({ isMaster: false })).toBe('none');
    for (const p of ['/config', '/config/', '/config/x']) expect(banner({ pathname: p })).toBe('none');
    expect(isConfigPath('/configuracoes')).toBe(false);
    expect(banner({ pathname: '/configuracoes' })).toBe('whatsapp_disconnected');
  });

  it('stays hidden for exactly 5 minutes after closing', () => {
    const until = dismissUntil(NOW);
    expect(until - NOW).toBe(WHATSAPP_BANNER_DISMISS_MS);
    expect(WHATSAPP_BANNER_DISMISS_MS).toBe(300_000);
    expect(banner({ dismissedUntil: until, now: until - 1 })).toBe('none');
    expect(banner({ dismissedUntil: until, now: until })).toBe('whatsapp_disconnected');
  });
});

describe('connection modal (spec part 1 §4)', () => {
  it('shows when not connected, licence allows, not closed, no remind-later, no recent login', () => {
    expect(modal()).toBe(true);
  });

  it('needs each condition', () => {
    expect(modal({ isMaster: false })).toBe(false);
    expect(modal({ isConnected: true })).toBe(false);
    expect(modal({ isConnected: null })).toBe(false);
    expect(modal({ canUseFeatures: false })).toBe(false);
    expect(modal({ pathname: '/config' })).toBe(false);
  });

  it('remembers a close for 24 hours', () => {
    expect(CONNECTION_MODAL_CLOSED_MS).toBe(86_400_000);
    expect(modal({ closedAt: NOW - CONNECTION_MODAL_CLOSED_MS + 1 })).toBe(false);
    expect(modal({ closedAt: NOW - CONNECTION_MODAL_CLOSED_MS })).toBe(true);
  });

  it('waits while a remind-later is active', () => {
    expect(modal({ remindUntil: NOW + 1 })).toBe(false);
    expect(modal({ remindUntil: NOW })).toBe(true);
  });

  it('waits 2 minutes after a login', () => {
    expect(CONNECTION_MODAL_LOGIN_GRACE_MS).toBe(120_000);
    expect(modal({ loggedInAt: NOW - CONNECTION_MODAL_LOGIN_GRACE_MS + 1 })).toBe(false);
    expect(modal({ loggedInAt: NOW - CONNECTION_MODAL_LOGIN_GRACE_MS })).toBe(true);
  });
});

describe('storage', () => {
  it('reads epoch values and ignores garbage', () => {
    const s = memoryStore();
    expect(readEpoch(s, 'k')).toBeNull();
    s.setItem('k', 'abc');
    expect(readEpoch(s, 'k')).toBeNull();
    s.setItem('k', '123');
    expect(readEpoch(s, 'k')).toBe(123);
  });

  it('uses the spec key for the banner and forgets the modal marks once connected', () => {
    expect(INTEGRACOES_STORAGE.bannerDismissedUntil).toBe('whatsappPopupDismissedUntil');
    const s = memoryStore();
    s.setItem(INTEGRACOES_STORAGE.modalClosedAt, '1');
    s.setItem(INTEGRACOES_STORAGE.modalRemindUntil, '2');
    resetModalMarks(s);
    expect(readEpoch(s, INTEGRACOES_STORAGE.modalClosedAt)).toBeNull();
    expect(readEpoch(s, INTEGRACOES_STORAGE.modalRemindUntil)).toBeNull();
    markLoggedIn(s, 42);
    expect(readEpoch(s, INTEGRACOES_STORAGE.loggedInAt)).toBe(42);
  });
});

describe('estadoWhatsApp (Cloud API or WhatsApp Web)', () => {
  const off = { conectado: false, ativo: false };
  it('is connected when either provider is, active when a connected one is active', () => {
    expect(estadoWhatsApp({ configWhatsApp: off, configWAPI: off })).toEqual(off);
    expect(estadoWhatsApp({ configWhatsApp: off, configWAPI: { conectado: true, ativo: true } })).toEqual({ conectado: true, ativo: true });
    // WhatsApp Web paused, no Cloud API number: the banner says 'WhatsApp Pausado'.
    const paused = estadoWhatsApp({ configWhatsApp: off, configWAPI: { conectado: true, ativo: false } });
    expect(paused).toEqual({ conectado: true, ativo: false });
    expect(banner({ whatsapp: paused })).toBe('whatsapp_inactive');
    // An 'ativo' flag without a connection never makes it active.
    expect(estadoWhatsApp({ configWhatsApp: { conectado: false, ativo: true }, configWAPI: { conectado: true, ativo: false } }).ativo).toBe(
      false,
    );
  });
});
