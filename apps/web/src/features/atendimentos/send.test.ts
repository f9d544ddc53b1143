import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyEnvio } from './cache-sync';
import { atendimentoKeys } from './keys';
import { todasMensagens, type TMensagensData } from './message-cache';
import { customerChat } from './realtime/customer-chat';
import { resendMensagem, sendMensagem } from './send';
import { makeAtendimento } from './testing/factories';

const user = { id: 'u1', nome: 'Ana Lima', role: 'atendente' as const, departamentoId: null };
const modelo = { nome: 'retomar', idioma: 'pt_BR', variaveis: ['Joana'] };

describe("'Tentar novamente' on a refused line", () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the approved template again, not its text', () => {
    const a = makeAtendimento({ status: 'em_atendimento', atendenteId: 'u1', origem: 'whatsapp' });
    const qc = new QueryClient();
    const key = atendimentoKeys.mensagens(a.atendimentoId);
    qc.setQueryData<TMensagensData>(key, { pages: [{ mensagens: [], hasMore: false, cursor: null }], pageParams: [null] });
    const send = vi.spyOn(customerChat, 'send').mockImplementation(() => undefined);

    sendMensagem(qc, a, user, { tipo: 'text', conteudo: 'Olá Joana, podemos continuar?', modelo });
    const [line] = todasMensagens(qc.getQueryData<TMensagensData>(key));
    applyEnvio(qc, a.atendimentoId, line!.clientId!, 'falhou', 'Sem conexão.');
    const [refused] = todasMensagens(qc.getQueryData<TMensagensData>(key));
    expect(refused).toMatchObject({ envio: 'falhou', modelo });
    resendMensagem(qc, a, refused!);

    expect(send).toHaveBeenCalledTimes(2);
    const [first, again] = send.mock.calls.map((c) => c[1]);
    expect(again).toEqual(first);
    expect(again).toMatchObject({ clientId: line!.clientId, conteudo: 'Olá Joana, podemos continuar?', modelo });
    expect(todasMensagens(qc.getQueryData<TMensagensData>(key))[0]).toMatchObject({ envio: 'pendente', modelo });
  });
});
