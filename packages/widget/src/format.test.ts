import { describe, expect, it } from 'vitest';
import { brandColor, DEFAULT_COLOR, textOn } from './contrast';
import { dayLabel, formatSize, formatUnread, linkSegments, safeUrl } from './format';

describe('textOn (black or white by contrast)', () => {
  it.each([
    ['#ffffff', '#000000'],
    ['#000000', '#ffffff'],
    ['#4f46e5', '#ffffff'],
    ['#facc15', '#000000'],
    ['#22c55e', '#000000'],
    ['#1e3a8a', '#ffffff'],
    ['#fff', '#000000'],
    ['not a colour', '#ffffff'],
  ])('%s → %s', (cor, texto) => expect(textOn(cor)).toBe(texto));

  it('lets only hex colours into CSS', () => {
    expect(brandColor('#ABC')).toBe('#aabbcc');
    expect(brandColor('red;background:url(x)')).toBe(DEFAULT_COLOR);
    expect(brandColor(null)).toBe(DEFAULT_COLOR);
  });
});

describe('format', () => {
  it('caps the unread count at 99+', () => {
    expect(formatUnread(7)).toBe('7');
    expect(formatUnread(99)).toBe('99');
    expect(formatUnread(100)).toBe('99+');
  });

  it('writes sizes in pt-BR', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatSize(1023 * 1024)).toBe('1.023 KB');
    expect(formatSize(1234.56 * 1024 * 1024)).toBe('1.234,6 MB');
  });

  it('labels today and yesterday', () => {
    const now = new Date(2025, 4, 10, 15, 0);
    expect(dayLabel(new Date(2025, 4, 10, 8, 0).toISOString(), now)).toBe('Hoje');
    expect(dayLabel(new Date(2025, 4, 9, 23, 0).toISOString(), now)).toBe('Ontem');
    expect(dayLabel(new Date(2025, 3, 2, 9, 0).toISOString(), now)).toBe('02/04/2025');
  });

  it('allows only http(s) and blob addresses, resolved against the chat host', () => {
    expect(safeUrl('/backend/uploads/a.png', 'https://chat.example.com')).toBe('https://chat.example.com/backend/uploads/a.png');
    expect(safeUrl('javascript:alert(1)', 'https://chat.example.com')).toBeNull();
    expect(safeUrl('data:text/html,<b>x</b>', 'https://chat.example.com')).toBeNull();
    expect(safeUrl('', 'https://chat.example.com')).toBeNull();
  });

  it('finds links without taking the sentence end', () => {
    expect(linkSegments('Veja https://ex.com/a?b=1. Obrigado')).toEqual([
      { text: 'Veja ' },
      { text: 'https://ex.com/a?b=1', href: 'https://ex.com/a?b=1' },
      { text: '. Obrigado' },
    ]);
    expect(linkSegments('sem link')).toEqual([{ text: 'sem link' }]);
    expect(linkSegments('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
  });
});
