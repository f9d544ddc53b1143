import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CLIENTES_TEXTS, ZClientePagina } from '@balcao/shared/clientes';
import { mensagemHttp, request } from '@/lib/http';

/** GET /cliente/lista for a dialog's customer search (spec part 2 §8: 'Erro ao buscar clientes' after the 400 order). */
export const useBuscaClientes = (pesquisa: string, take = 8) =>
  useQuery({
    queryKey: ['clientes', 'busca', pesquisa, take],
    placeholderData: keepPreviousData,
    queryFn: () =>
      request('GET', `/cliente/lista?pesquisa=${encodeURIComponent(pesquisa)}&page=1&take=${take}`, ZClientePagina).catch(
        (err: unknown) => {
          throw new Error(mensagemHttp(err, CLIENTES_TEXTS.erroBuscar));
        },
      ),
  });
