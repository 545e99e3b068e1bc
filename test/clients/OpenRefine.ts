// A real OpenRefine server (Debian's 3.6, started headless by scripts/test-clients.sh), driven
// through the command API that its own web client calls: a project from an uploaded CSV, a
// column's type guessed, operations applied, their processes awaited, the rows read back.

/** A reconciliation judgment as OpenRefine keeps it on a cell. */
export interface Recon {
  /** matched, none or new */
  j: string;
  m?: { id: string; name: string; score: number } | null;
  c?: Array<{ id: string; name: string; score: number }>;
}

export interface Cell {
  v?: unknown;
  r?: Recon | string;
}

interface Column {
  cellIndex: number;
  name: string;
}

export class OpenRefine {
  constructor(readonly url: string) {}

  /** OpenRefine refuses a POST without a fresh CSRF token (3.3 and later). */
  private async token(): Promise<string> {
    const response = await fetch(`${this.url}/command/core/get-csrf-token`);
    return ((await response.json()) as { token: string }).token;
  }

  private async post(command: string, query: Record<string, string>, form: Record<string, string>): Promise<any> {
    const params = new URLSearchParams({ ...query, csrf_token: await this.token() });
    const response = await fetch(`${this.url}/command/core/${command}?${params}`, { method: 'POST', body: new URLSearchParams(form) });
    const body = (await response.json()) as { code?: string; message?: string };
    if (!response.ok || body.code === 'error') throw new Error(`${command}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  }

  /** A project from a CSV file with a header line; its id. */
  async createProject(name: string, csv: string): Promise<string> {
    const form = new FormData();
    form.set('project-name', name);
    form.set('format', 'text/line-based/*sv');
    form.set(
      'options',
      JSON.stringify({
        separator: ',',
        headerLines: 1,
        ignoreLines: -1,
        skipDataLines: 0,
        limit: -1,
        processQuotes: true,
        guessCellValueTypes: false,
        encoding: 'UTF-8',
      }),
    );
    form.set('project-file', new Blob([csv], { type: 'text/csv' }), `${name}.csv`);
    const response = await fetch(`${this.url}/command/core/create-project-from-upload?csrf_token=${await this.token()}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const project = /project=(\d+)/.exec(response.headers.get('location') ?? '')?.[1];
    if (project === undefined) throw new Error(`create-project-from-upload: ${response.status} ${await response.text()}`);
    return project;
  }

  /** What OpenRefine guesses a column's type to be, asking the service with a sample of its cells. */
  async guessTypes(project: string, column: string, service: string): Promise<Array<{ id: string; name: string; score: number }>> {
    const body = await this.post('guess-types-of-column', { project }, { columnName: column, service });
    return body.types;
  }

  /** Applies operations, then waits until their long-running processes (reconciliation, extension) are done. */
  async apply(project: string, operations: object[]): Promise<void> {
    await this.post('apply-operations', { project }, { operations: JSON.stringify(operations) });
    for (let waited = 0; ; waited += 250) {
      const response = await fetch(`${this.url}/command/core/get-processes?project=${project}`);
      const { processes } = (await response.json()) as { processes: unknown[] };
      if (processes.length === 0) return;
      if (waited > 120_000) throw new Error(`processes still running after 120 s: ${JSON.stringify(processes)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Every row, as a map from column name to cell, with the recon judgments resolved from the pool. */
  async rows(project: string): Promise<Array<Map<string, Cell>>> {
    const models = (await (await fetch(`${this.url}/command/core/get-models?project=${project}`)).json()) as {
      columnModel: { columns: Column[] };
    };
    const response = await fetch(`${this.url}/command/core/get-rows?project=${project}&start=0&limit=10000`);
    const body = (await response.json()) as { rows: Array<{ cells: Array<Cell | null> }>; pool?: { recons?: Record<string, Recon> } };
    const recons = body.pool?.recons ?? {};
    return body.rows.map((row) => {
      const cells = new Map<string, Cell>();
      for (const column of models.columnModel.columns) {
        const cell = row.cells[column.cellIndex];
        if (cell === null || cell === undefined) continue;
        cells.set(column.name, typeof cell.r === 'string' ? { ...cell, r: recons[cell.r] } : cell);
      }
      return cells;
    });
  }

  async deleteProject(project: string): Promise<void> {
    await this.post('delete-project', {}, { project });
  }
}
