import { useState } from 'react';
import { CHAT_INTERNO_INLINE, type TDepartamentoDisponivel, type TUsuarioDisponivel } from '@balcao/shared/chat-interno';
import type { UseQueryResult } from '@tanstack/react-query';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUsuariosDoDepartamento } from '../api';
import { NOVA_CONVERSA_TEXTS, NOVO_GRUPO_TEXTS as T } from '../texts';
import { PickList } from './pick-list';

export type TSelecao = { usuarios: ReadonlySet<string>; departamentos: ReadonlySet<string> };
export const SELECAO_VAZIA: TSelecao = { usuarios: new Set(), departamentos: new Set() };

const alternar = (set: ReadonlySet<string>, id: string) => {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
};

type Props = {
  usuarios: UseQueryResult<TUsuarioDisponivel[]>;
  /** Only for the master (spec §6); without it there is no Departamentos tab. */
  departamentos: UseQueryResult<TDepartamentoDisponivel[]> | null;
  selecao: TSelecao;
  onChange: (s: TSelecao) => void;
  /** Already members: shown, not selectable, with this note. */
  jaMembros?: { ids: ReadonlySet<string>; nota: string };
};

/** Tabs 'Usuários' and 'Departamentos', each a searchable multi-select (new group, adding participants). */
export function MemberPicker({ usuarios, departamentos, selecao, onChange, jaMembros }: Props) {
  const [aba, setAba] = useState('usuarios');
  const marca = (i: { id: string }) => (jaMembros?.ids.has(i.id) ? { desabilitado: true, nota: jaMembros.nota } : {});
  const listaUsuarios = (
    <PickList
      modo="varios"
      itens={usuarios.data?.map((u) => ({ ...u, tipo: 'usuario' as const, ...marca(u) }))}
      carregando={usuarios.isPending}
      erro={usuarios.isError ? CHAT_INTERNO_INLINE.erroCarregarUsuarios : null}
      textos={{ buscar: T.buscarUsuarios, vazio: NOVA_CONVERSA_TEXTS.nenhum, carregando: NOVA_CONVERSA_TEXTS.carregando }}
      selecionados={selecao.usuarios}
      onAlternar={(id) => onChange({ ...selecao, usuarios: alternar(selecao.usuarios, id) })}
    />
  );
  if (!departamentos) return listaUsuarios;
  return (
    <Tabs value={aba} onValueChange={setAba}>
      <TabsList className="w-full">
        <TabsTrigger value="usuarios">{T.usuarios}</TabsTrigger>
        <TabsTrigger value="departamentos">{T.departamentos}</TabsTrigger>
      </TabsList>
      <TabsContent value="usuarios">{listaUsuarios}</TabsContent>
      <TabsContent value="departamentos">
        <PickList
          modo="varios"
          itens={departamentos.data?.map((d) => ({ ...d, tipo: 'departamento' as const, ...marca(d) }))}
          carregando={departamentos.isPending}
          erro={departamentos.isError ? CHAT_INTERNO_INLINE.erroCarregarDepartamentos : null}
          textos={{ buscar: T.buscarDepartamentos, vazio: T.nenhumDepartamento, carregando: T.carregandoDepartamentos }}
          selecionados={selecao.departamentos}
          onAlternar={(id) => onChange({ ...selecao, departamentos: alternar(selecao.departamentos, id) })}
          rodape={[...selecao.departamentos].map((id) => (
            <MembrosDoDepartamento key={id} id={id} nome={departamentos.data?.find((d) => d.id === id)?.nome ?? ''} />
          ))}
        />
      </TabsContent>
    </Tabs>
  );
}

/** Who a chosen department brings in (spec §7 `usuarios-departamento/{id}`). */
function MembrosDoDepartamento({ id, nome }: { id: string; nome: string }) {
  const membros = useUsuariosDoDepartamento(id);
  if (!membros.data) return null;
  return (
    <p className="truncate text-xs text-muted-foreground">
      <span className="font-medium text-foreground">{nome}:</span> {membros.data.map((u) => u.nome).join(', ') || '—'}
    </p>
  );
}
