// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIDEBAR_COOKIE_MAX_AGE_S, SIDEBAR_COOKIE_NAME } from '@balcao/shared/layout';
import { SidebarProvider, readSidebarCookie, sidebarCookie, useSidebar } from './sidebar';

describe('side panel cookie', () => {
  it('reads the open state among other cookies', () => {
    expect(readSidebarCookie(`a=1; ${SIDEBAR_COOKIE_NAME}=false; b=2`)).toBe(false);
    expect(readSidebarCookie(`${SIDEBAR_COOKIE_NAME}=true`)).toBe(true);
    expect(readSidebarCookie('a=1')).toBeNull();
    expect(readSidebarCookie(`${SIDEBAR_COOKIE_NAME}=maybe`)).toBeNull();
    expect(readSidebarCookie(`x${SIDEBAR_COOKIE_NAME}=false`)).toBeNull();
  });
  it('is written for 7 days on the whole site', () => {
    expect(sidebarCookie(true)).toBe(`${SIDEBAR_COOKIE_NAME}=true; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`);
  });
});

let state: ReturnType<typeof useSidebar> | null = null;
function Probe() {
  state = useSidebar();
  return null;
}

describe('SidebarProvider', () => {
  const mount = () => render(createElement(SidebarProvider, null, createElement(Probe)));

  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the panel's state is a cookie (spec part 1 §2); this clears it
    document.cookie = `${SIDEBAR_COOKIE_NAME}=; max-age=0; path=/`;
    window.matchMedia = vi.fn().mockReturnValue({ matches: false, addEventListener: () => {}, removeEventListener: () => {} });
  });
  afterEach(cleanup);

  it('starts open, and Ctrl+B or Cmd+B toggles it and keeps the state in the cookie', () => {
    mount();
    expect(state!.open).toBe(true);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', ctrlKey: true })));
    expect(state!.state).toBe('collapsed');
    expect(readSidebarCookie(document.cookie)).toBe(false);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'B', metaKey: true })));
    expect(state!.open).toBe(true);
    expect(readSidebarCookie(document.cookie)).toBe(true);
  });

  it('starts from the stored state', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the panel's state is a cookie (spec part 1 §2)
    document.cookie = sidebarCookie(false);
    mount();
    expect(state!.open).toBe(false);
  });

  it('ignores B without a modifier', () => {
    mount();
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' })));
    expect(state!.open).toBe(true);
  });
});
