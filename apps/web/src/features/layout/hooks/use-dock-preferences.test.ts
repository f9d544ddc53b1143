import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@balcao/shared/auth';
import { readDockPreferences, writeDockPreference } from './use-dock-preferences';

const memory = (init: Record<string, string> = {}) => {
  const data = new Map(Object.entries(init));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
};

describe('dock preferences', () => {
  it('defaults to the side panel, dock at the bottom, no auto-hide', () => {
    expect(readDockPreferences(memory())).toEqual({ headerStyle: 'sidebar', position: 'bottom', autoHide: false });
  });
  it('reads what was stored and ignores unknown values', () => {
    const s = memory({ [STORAGE_KEYS.dockHeaderStyle]: 'dock', [STORAGE_KEYS.dockPosition]: 'top', [STORAGE_KEYS.dockAutoHide]: 'true' });
    expect(readDockPreferences(s)).toEqual({ headerStyle: 'dock', position: 'top', autoHide: true });
    const junk = memory({ [STORAGE_KEYS.dockHeaderStyle]: 'x', [STORAGE_KEYS.dockPosition]: 'left', [STORAGE_KEYS.dockAutoHide]: 'yes' });
    expect(readDockPreferences(junk)).toEqual({ headerStyle: 'sidebar', position: 'bottom', autoHide: false });
  });
  it('writes under the spec keys and reads back the same', () => {
    const s = memory();
    writeDockPreference(s, 'autoHide', true);
    writeDockPreference(s, 'position', 'top');
    writeDockPreference(s, 'headerStyle', 'dock');
    expect(s.data.get(STORAGE_KEYS.dockAutoHide)).toBe('true');
    expect(s.data.get(STORAGE_KEYS.dockPosition)).toBe('top');
    expect(readDockPreferences(s)).toEqual({ headerStyle: 'dock', position: 'top', autoHide: true });
  });
});
