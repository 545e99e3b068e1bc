/** Where `text` (the file `file` of README.md or docs/) has a figure written by hand: one message each. */
export function handFigures(file: string, text: string): string[];
