import type { TConversa, TMensagem } from '@balcao/shared/chat-interno';
import type { TCurrentUser } from '@balcao/shared/usuarios';

/** Test data for the internal chat's unit tests. */
export const makeConversa = (p: Partial<TConversa> = {}): TConversa => ({
  id: 'c1',
  nome: null,
  ehGrupo: false,
  usuariosNomes: ['Ana Admin'],
  departamentosNomes: [],
  adminsNomes: [],
  fotoUrl: null,
  ultimaMensagem: null,
  dataHoraUltimaMensagem: null,
  qtdMensagensNaoVistas: 0,
  ultimaMensagemRemetenteId: null,
  ultimaMensagemOrigemTipo: null,
  participantesIds: ['me', 'ana'],
  departamentosIds: [],
  outroUsuario: { id: 'ana', nome: 'Ana Admin', fotoUrl: null },
  souAdmin: false,
  ...p,
});

let seq = 0;
export const makeMensagem = (p: Partial<TMensagem> = {}): TMensagem => {
  seq += 1;
  return {
    id: `m${seq}`,
    conversaId: 'c1',
    conteudo: `mensagem ${seq}`,
    remetenteId: 'ana',
    remetenteNome: 'Ana Admin',
    remetenteFotoUrl: null,
    dataEnvio: new Date(Date.UTC(2025, 5, 11, 12, 0, seq)).toISOString(),
    lida: false,
    origemTipo: 1,
    tipo: 'text',
    midiaUrl: null,
    nomeArquivo: null,
    clientId: null,
    ...p,
  };
};

export const euMesmo: TCurrentUser = {
  id: 'me',
  nome: 'Marta Master',
  email: 'master@demo.local',
  role: 'master',
  departamento: null,
  departamentoId: null,
  online: true,
  fotoUrl: null,
  notaMedia: null,
  masterId: 'me',
  databaseName: 'demo',
  timeZone: 'America/Sao_Paulo',
};
