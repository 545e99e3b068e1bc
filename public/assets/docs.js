// Renders openapi.json (beside this page, under any BASE_PATH) with the Swagger UI the
// service serves itself: no CDN.
window.ui = SwaggerUIBundle({
  url: new URL('openapi.json', document.baseURI).href,
  dom_id: '#swagger-ui',
  deepLinking: true,
  tryItOutEnabled: true,
});
