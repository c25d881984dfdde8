import { createServer, type Server, type Socket } from 'node:net';

/** One message as the fake server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** Speaks just enough SMTP for nodemailer on one connection: greeting, EHLO, MAIL, RCPT, DATA, RSET, QUIT. */
function serve(socket: Socket, received: ReceivedMail[]): void {
  let buffer = '';
  let current: ReceivedMail = { from: '', to: [], data: '' };
  let inData = false;
  let dataLines: string[] = [];
  const reply = (line: string): void => {
    socket.write(`${line}\r\n`);
  };

  /** The reply to one command line. */
  function command(line: string): string {
    const verb = line.slice(0, 4).toUpperCase();
    switch (verb) {
      case 'EHLO':
      case 'HELO':
        return '250 fake.smtp.test';
      case 'MAIL':
        current = { from: line.slice(10).trim(), to: [], data: '' };
        return '250 OK';
      case 'RCPT':
        current.to.push(line.slice(8).trim());
        return '250 OK';
      case 'DATA':
        inData = true;
        dataLines = [];
        return '354 End data with <CR><LF>.<CR><LF>';
      case 'QUIT':
        return '221 Bye';
      default:
        return '250 OK';
    }
  }

  socket.setEncoding('utf8');
  socket.on('error', () => {});
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!inData) {
        reply(command(line));
        if (line.toUpperCase() === 'QUIT') socket.end();
        continue;
      }
      if (line !== '.') {
        dataLines.push(line.startsWith('..') ? line.slice(1) : line);
        continue;
      }
      inData = false;
      received.push({ ...current, data: dataLines.join('\r\n') });
      reply('250 OK queued');
    }
  });
  reply('220 fake.smtp.test ESMTP');
}

/** A fake SMTP server on a random loopback port that records every message it accepts. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, received);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
