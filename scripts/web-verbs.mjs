// Part of `npm run lint`: the web's and the widget's exported functions are named with English verbs, while domain
// nouns stay Portuguese (`applyMensagem`, not `aplicarMensagem`). A list of Portuguese verbs, rather than a guess from
// endings, keeps it free of false alarms (`clear`, `render` and `filter` end like Portuguese infinitives).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

export const ROOTS = ['apps/web/src', 'packages/widget/src'];

// Infinitives, the conjugated forms names tend to use (`podeVer`, `licencaMudou`), and the function words that
// stand for a verb in builder names (`comStatus` for `withStatus`, `umaMensagem` for `makeMensagem`).
const VERBS = `abrir abre acertar achar acha adicionar adiciona ajustar ajusta alterar altera apagar apaga aplicar aplica
 arquivar atualizar atualiza ativar avisar avisa baixar bloquear bloqueia buscar calcular calcula cancelar
 cancela carregar carrega checar combinar combina concluir confirmar confirma contar copiar criar cria
 decidir definir deletar descrever descreve desativar desativa deve devolver devolve editar edita eh enviar
 envia escolher escolhe esconder esconde esta estao excluir exclui exibir exibe falhou fechar fecha filtrar filtra
 formatar formata gerar gera guardar ignorar ignora iniciar inicia inserir insere juntar lembrar ler
 limitar limita limpar listar marcar montar monta mostrar mostra mover mudar muda mudou
 normalizar normaliza notar obter obtem ordenar ordena pegar pega pertence pode podem preencher preenche procurar
 procura receber recebe recusar reenviar reenvia registrar registra remover renovar responder responde
 revogar revoga rolar salvar salva selecionar seleciona sou tem tentar tenta testar testa tirar tocar trazer traz
 trocar validar valida ver verificar verifica visualizar visualiza zerar zera com sem para quando um uma`;
const PORTUGUESE = new Set(VERBS.split(/\s+/).filter(Boolean));

/** The Portuguese verb in a function's name (`useEnviarAvaliacao` → 'enviar'), or null. */
export function portugueseVerb(name) {
  const words = name
    .replace(/^use(?=[A-Z])/, '')
    .split(/(?=[A-Z])/)
    .map((w) => w.toLowerCase());
  // Builder words only count in first place: `formatParaHora` is unlikely, `horaPara` would be a noun phrase.
  const first = words[0];
  if (['com', 'sem', 'para', 'quando', 'um', 'uma'].includes(first)) return first;
  return words.find((w) => PORTUGUESE.has(w) && !['com', 'sem', 'para', 'quando', 'um', 'uma'].includes(w)) ?? null;
}

const isFunction = (node) => node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));
const unwrap = (node) => (node && (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) ? unwrap(node.expression) : node);

/** The exported functions of one source text: function declarations and consts holding a function (components, named in
 * PascalCase after what they show, are left out). */
export function exportedFunctions(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    const line = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    if (ts.isFunctionDeclaration(statement) && statement.name) found.push({ name: statement.name.text, line: line(statement) });
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && isFunction(unwrap(d.initializer))) found.push({ name: d.name.text, line: line(d) });
      }
    }
  }
  return found.filter((f) => !/^[A-Z]/.test(f.name));
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every exported function under the roots, with the Portuguese verb its name uses (null when none). */
export function scan(root, roots = ROOTS) {
  return roots.flatMap((dir) =>
    sourceFiles(path.join(root, dir)).flatMap((file) =>
      exportedFunctions(file, readFileSync(file, 'utf8')).map((f) => ({
        ...f,
        file: path.relative(root, file),
        verb: portugueseVerb(f.name),
      })),
    ),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const all = scan(path.resolve(import.meta.dirname, '..'));
  const wrong = all.filter((f) => f.verb);
  for (const f of wrong)
    console.error(
      `${f.file}:${f.line} ${f.name}: nome com '${f.verb}' em português; use um verbo em inglês (substantivos do domínio ficam em português).`,
    );
  if (wrong.length > 0) {
    console.error(`${wrong.length} de ${all.length} funções exportadas com verbo em português.`);
    process.exit(1);
  }
}
