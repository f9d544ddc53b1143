import type { TPreChat, TWidgetConfig } from '@balcao/shared/widget';
import { h } from './dom';
import { T } from './texts';

type Campo = TWidgetConfig['camposPreChat'][number];
export type PreChatValues = Partial<Record<Campo | 'departamentoId' | 'consentimento', string>>;

// Same rule as the server's z.email(), loosely: something@domain.tld without spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every field the channel asks for is required; the answer is what IniciarConversa carries. */
export function validatePreChat(config: Pick<TWidgetConfig, 'camposPreChat' | 'departamentos' | 'consentimento'>, v: PreChatValues) {
  const errors: PreChatValues = {};
  const val = (k: keyof PreChatValues) => (v[k] ?? '').trim();
  const campos = config.camposPreChat;
  if (campos.includes('nome') && !val('nome')) errors.nome = T.erroNome;
  if (campos.includes('email') && !EMAIL_RE.test(val('email'))) errors.email = T.erroEmail;
  if (campos.includes('telefone') && val('telefone').replace(/\D/g, '').length < 8) errors.telefone = T.erroTelefone;
  if (config.departamentos.length && !config.departamentos.some((d) => d.id === val('departamentoId')))
    errors.departamentoId = T.erroDepartamento;
  const data: TPreChat = {};
  if (campos.includes('nome')) data.nome = val('nome').slice(0, 100);
  if (campos.includes('email')) data.email = val('email');
  if (campos.includes('telefone')) data.telefone = val('telefone').slice(0, 30);
  if (config.departamentos.length) data.departamentoId = val('departamentoId');
  // The consent box is optional and never pre-ticked: only a ticked box (FormData's 'on') is an opt-in.
  if (config.consentimento && v.consentimento === 'on') data.consentimento = true;
  return { errors, data, ok: Object.keys(errors).length === 0 };
}

const FIELDS: Record<Campo, { label: string; type: string; autocomplete: string; max: number }> = {
  nome: { label: T.nome, type: 'text', autocomplete: 'name', max: 100 },
  email: { label: T.email, type: 'email', autocomplete: 'email', max: 200 },
  telefone: { label: T.telefone, type: 'tel', autocomplete: 'tel', max: 30 },
};

/** The pre-chat form; `submit` gets the checked values and answers an error message or null. */
export function preChatForm(config: TWidgetConfig, uid: string, submit: (p: TPreChat) => Promise<string | null>): HTMLFormElement {
  const errs = new Map<string, HTMLElement>();
  const err = (name: string) => {
    const el = h('span', { class: 'field-error', id: `${uid}-${name}-e`, role: 'alert' });
    errs.set(name, el);
    return el;
  };
  const field = (name: keyof PreChatValues, label: string, control: HTMLInputElement | HTMLSelectElement) => {
    control.id = `${uid}-${name}`;
    control.name = name;
    control.setAttribute('aria-describedby', `${uid}-${name}-e`);
    return h('div', { class: 'field' }, h('label', { for: control.id }, label), control, err(name));
  };
  const geral = h('div', { class: 'field-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary' }, T.iniciar);
  const form = h(
    'form',
    { class: 'prechat', novalidate: true },
    h('p', { class: 'prechat-title' }, T.preChatTitulo),
    ...config.camposPreChat.map((c) =>
      field(c, FIELDS[c].label, h('input', { type: FIELDS[c].type, autocomplete: FIELDS[c].autocomplete, maxlength: FIELDS[c].max })),
    ),
    config.departamentos.length > 0 &&
      field(
        'departamentoId',
        T.departamento,
        h(
          'select',
          null,
          h('option', { value: '' }, T.escolhaDepartamento),
          ...config.departamentos.map((d) => h('option', { value: d.id }, d.nome)),
        ),
      ),
    config.consentimento &&
      h(
        'label',
        { class: 'consent' },
        h('input', { type: 'checkbox', name: 'consentimento', id: `${uid}-consentimento` }),
        h('span', null, config.consentimento),
      ),
    geral,
    button,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const values = Object.fromEntries(new FormData(form)) as PreChatValues;
    const { errors, data, ok } = validatePreChat(config, values);
    for (const el of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input:not([type=checkbox]),select')) {
      const msg = errors[el.name as keyof PreChatValues] ?? '';
      el.setAttribute('aria-invalid', String(!!msg));
      errs.get(el.name)!.textContent = msg;
    }
    if (!ok) return form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    button.disabled = true;
    button.textContent = T.iniciando;
    geral.textContent = (await submit(data)) ?? '';
    button.disabled = false;
    button.textContent = T.iniciar;
  });
  return form;
}
