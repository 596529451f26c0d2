import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server answering as ViaCEP does, so GET /postal-codes/{cep} is probed like any other operation
 * (the test app's default provider address refuses connections: every lookup would be a 503).
 */
export async function startPostalCodeStandIn() {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    const found = /^\/ws\/(\d{8})\/json\/$/.exec(request.url ?? '');
    if (!found || found[1] === '00000000') return response.end(JSON.stringify({ erro: 'true' }));
    response.end(
      JSON.stringify({
        cep: found[1],
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: { POSTAL_CODE_PROVIDER_URL: `http://127.0.0.1:${port}/ws` },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
