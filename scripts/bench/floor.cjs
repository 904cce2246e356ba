// The floor for an API call: the same GETs with node:http, in parallel, bodies printed in
// order. Nothing else. `node floor.cjs KEY URL [URL ...]`
const http = require('node:http');
const [key, ...urls] = process.argv.slice(2);
const bodies = urls.map(
  (url) =>
    new Promise((resolve) =>
      http.get(url, { headers: { authorization: `Bearer ${key}` } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(body));
      }),
    ),
);
Promise.all(bodies).then((texts) => process.stdout.write(texts.join('\n')));
