// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import WidgetConversationsPage from './widget-conversations-page';

afterEach(() => {
  cleanup();
  for (const s of document.querySelectorAll('script')) s.remove();
  window.localStorage.clear();
});

describe('popout page (/widget-conversations)', () => {
  it('ignores a visitor token in the URL fragment: the widget gets none, nothing is stored, the fragment is dropped', () => {
    window.history.pushState(null, '', '/widget-conversations?canal=tok-123456#visitante=token-do-atacante');
    render(<WidgetConversationsPage />);
    const script = document.querySelector<HTMLScriptElement>('script[data-canal]');
    expect(script?.dataset).toMatchObject({ canal: 'tok-123456', modo: 'pagina' });
    expect(script?.dataset.visitante).toBeUndefined();
    expect(script?.outerHTML).not.toContain('token-do-atacante');
    expect(window.location.hash).toBe('');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('token-do-atacante');
  });
});
