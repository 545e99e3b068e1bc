// The concept field's documentation page: shows what the example form submits, and the service's own address in the snippet.
const form = document.getElementById('example');
const submitted = document.getElementById('submitted');
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const entries = [...new FormData(form)].map(([name, value]) => `${name}=${value}`);
  submitted.textContent = entries.length === 0 ? '(nothing)' : entries.join('\n');
});
form.addEventListener('reset', () => (submitted.textContent = '(nothing yet)'));
for (const origin of document.querySelectorAll('.origin')) origin.textContent = new URL('.', document.baseURI).href;
