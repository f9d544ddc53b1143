// The floor: what the machine does with no database and no logic, on the same stack (Fastify 5 + Socket.IO,
// in-memory adapter). Every benchmark runs its load against it in the same run, beside the project:
// - /widget namespace 'EnviarMensagem' and POST /webhook: broadcast the message's text to the attendant
//   sockets only (the room 'staff' of /atendimento; visitor sockets never get it) and acknowledge;
// - /atendimento 'SendMessage': acknowledge and emit to that visitor's room;
// - POST /broadcast: one event to every attendant socket; GET /page: a stored JSON answer of a given size.
// Prints `ready <port>` once listening.
import { load } from './lib.mjs';

const { default: Fastify } = await load('fastify');
const { Server } = await load('socket.io');

const app = Fastify({ logger: false, bodyLimit: 3 * 1024 * 1024 });
const io = new Server(app.server, { path: '/backend/socket.io', serveClient: false, cors: { origin: true } });
const staff = io.of('/atendimento');
const widget = io.of('/widget');
staff.on('connection', (socket) => {
  socket.join('staff');
  socket.on('SendMessage', (json, ack) => {
    const m = JSON.parse(json);
    widget.to(`v:${m.visitante}`).emit('Mensagem', { conteudo: m.conteudo });
    ack({ ok: true });
  });
});
widget.on('connection', (socket) => {
  socket.join(`v:${socket.handshake.auth?.visitante}`);
  socket.on('EnviarMensagem', (m, ack) => {
    staff.to('staff').emit('ClientReceiveMessage', { content: m.conteudo });
    ack({ ok: true });
  });
});
app.post('/webhook', async (req) => {
  const text = req.body?.entry?.[0]?.changes?.[0]?.value?.messages?.[0]?.text?.body;
  staff.to('staff').emit('ClientReceiveMessage', { content: text });
  return { ok: true };
});
app.post('/broadcast', async (req) => {
  staff.to('staff').emit('ClientReceiveMessage', { content: req.body.content });
  return { ok: true };
});
let page = '{}';
app.put('/page', async (req) => {
  page = JSON.stringify(req.body);
  return { ok: true };
});
app.get('/page', async (_req, reply) => reply.type('application/json').send(page));

await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`ready ${app.server.address().port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
