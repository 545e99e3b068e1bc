import { openApiParameter } from './QueryParameter.js';
import type { Route, Tag } from './Route.js';

/** What the description holds beside the routes: its `info`, its servers and the shared components the routes refer to. */
export interface DescriptionFrame {
  readonly info: object;
  readonly servers: readonly object[];
  readonly components: object;
}

/**
 * The OpenAPI 3.1 description of `routes`, made from their declarations alone: each path with
 * its operations (GET, and POST where the route takes one), each under its tag, with its
 * summary, description, parameters, body and answers. The tags are listed in the order their
 * first route comes. CORS preflights are not listed (every path answers OPTIONS alike: the
 * description's text says so once). Knows no route of its own.
 */
export function describeRoutes(routes: readonly Route[], { info, servers, components }: DescriptionFrame): object {
  const described = routes.filter((route) => route.undescribed !== true);
  const tags = [...new Map(described.map(({ tag }) => [tag.name, tag])).values()];
  const paths: Record<string, Record<string, object>> = {};
  for (const route of described) {
    const operations = (paths[openApiPath(route.path)] ??= {});
    if (route.method !== 'POST') operations.get = operation(route, 'get');
    if (route.method !== undefined && route.method !== 'GET') operations.post = operation(route, 'post');
  }
  return {
    openapi: '3.1.0',
    info,
    servers,
    tags: tags.map(({ name, description }) => ({ name, description })),
    paths,
    components,
  };
}

/** An Express path as OpenAPI writes it: `:vocid` as `{vocid}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function operation(route: Route, method: 'get' | 'post'): object {
  const declared = Object.values(route.parameters ?? {});
  const inPath = declared.filter((parameter) => parameter.in === 'path').map(openApiParameter);
  const inQuery = declared.filter((parameter) => parameter.in !== 'path').map(openApiParameter);
  const form = method === 'post' && route.body?.as === 'form';
  const body =
    method !== 'post' || route.body === undefined
      ? {}
      : {
          requestBody:
            route.body.as === 'form'
              ? {
                  content: {
                    'application/x-www-form-urlencoded': {
                      schema: {
                        type: 'object',
                        properties: Object.fromEntries(declared.map((parameter) => [parameter.name, parameter.schema])),
                      },
                    },
                  },
                }
              : { required: true, content: { 'application/json': { schema: route.body.schema } } },
        };
  const parameters = [...inPath, ...(form ? [] : inQuery)];
  return {
    tags: [route.tag.name],
    summary: form ? `${route.summary}, by a form POST` : route.summary,
    ...(route.description === undefined ? {} : { description: route.description }),
    ...(parameters.length === 0 ? {} : { parameters }),
    ...body,
    responses: route.answers,
  };
}

/**
 * What the 404 of an unknown path says the service answers: the paths of the groups that are
 * named by their paths, then each protocol by its root, under `base`.
 */
export function answeredPaths(routes: readonly Route[], base: string): string {
  const named: string[] = [];
  for (const { path, tag } of routes) {
    const mention = tag.mentioned;
    const words = mention === undefined ? undefined : mention === 'paths' ? `${base}${path}` : `${base}${mention.root}${mention.as}`;
    if (words !== undefined && !named.includes(words)) named.push(words);
  }
  return named.length < 2 ? named.join('') : `${named.slice(0, -1).join(', ')} and ${named.at(-1) as string}`;
}

/**
 * The routes as a reference page (docs/routes.md): under each tag, every route with its
 * method, path, parameters (each with its rules: required, repeatable, its range) and summary.
 * Made from the declarations alone, as the API description is.
 */
export function routesInMarkdown(routes: readonly Route[]): string {
  const tags = [...new Map(routes.map(({ tag }) => [tag.name, tag])).values()];
  const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const sections = tags.map((tag) => {
    const rows = routes
      .filter((route) => route.tag.name === tag.name)
      .map((route) => {
        const parameters = Object.values(route.parameters ?? {}).map((parameter) => {
          const { schema } = parameter;
          const rules = [
            parameter.required === true ? 'required' : '',
            parameter.repeat !== undefined ? `up to ${parameter.repeat} values` : '',
            typeof schema.minimum === 'number' && typeof schema.maximum === 'number'
              ? `${schema.minimum.toLocaleString('en')} to ${schema.maximum.toLocaleString('en')}`
              : '',
            typeof schema.maxLength === 'number' ? `at most ${schema.maxLength} characters` : '',
            typeof schema.default === 'number'
              ? `default ${schema.default.toLocaleString('en')}`
              : typeof schema.default === 'string' && schema.default !== ''
                ? `default ${schema.default}`
                : '',
          ].filter(Boolean);
          return `\`${parameter.name}\`${rules.length === 0 ? '' : ` (${rules.join(', ')})`}`;
        });
        const methods = route.method === 'POST' ? 'POST' : route.method === 'GET, POST' ? 'GET, POST' : 'GET';
        return `| ${methods} \`${openApiPath(route.path)}\` | ${cell(parameters.join(', '))} | ${cell(route.summary)} |`;
      });
    return [`## ${tag.name}`, '', tag.description, '', '| route | parameters | what |', '|---|---|---|', ...rows].join('\n');
  });
  return `${sections.join('\n\n')}\n`;
}
