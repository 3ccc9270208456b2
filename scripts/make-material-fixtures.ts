// Writes the document fixtures of the upload tests from the text fixtures beside them:
// tests/fixtures/materials/contracts.pdf (a two-page PDF, lines wrapped as a word processor
// would) and pharmacology.docx (a Word document, one paragraph per line).
// Run: npx tsx scripts/make-material-fixtures.ts (the files are committed; rerun after editing
// the text fixtures or tests/support/documents.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { docxDocument, linesOf, pdfDocument } from '../tests/support/documents';

const folder = join(import.meta.dirname, '../tests/fixtures/materials');
const read = (name: string) => readFileSync(join(folder, name), 'utf8');

const contracts = read('contracts.txt').split(/\r?\n/);
writeFileSync(
  join(folder, 'contracts.pdf'),
  pdfDocument(contracts, { linesPerPage: 14, title: 'Contracts outline' }),
);
writeFileSync(join(folder, 'pharmacology.docx'), docxDocument(linesOf(read('pharmacology.txt'))));
console.log('wrote contracts.pdf and pharmacology.docx in tests/fixtures/materials');
