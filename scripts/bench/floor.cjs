// The floor for an API call: the same GET with node:http, body printed. Nothing else.
const http = require('node:http');
const [url, key] = process.argv.slice(2);
http.get(url, { headers: { authorization: `Bearer ${key}` } }, (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => (body += chunk));
  res.on('end', () => process.stdout.write(body));
});
