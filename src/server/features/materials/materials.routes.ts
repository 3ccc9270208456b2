import { Hono } from 'hono';
import { FILE_NAME_HEADER, pastedTextSchema } from '#shared/contracts/materials';
import type { Auth } from '../auth/auth-library';
import { requirePaid } from '../../lib/auth-guards';
import { jsonBody } from '../../lib/validate';
import {
  deleteMaterial,
  getMaterial,
  listMaterials,
  type MaterialsDeps,
  savePastedText,
  uploadFile,
} from './materials.service';
import { uploadQuotaLeft } from './upload-quota';

/**
 * The path of the file upload, which streams its body under its own 10 MB limit: the API's
 * 1 MB JSON body limit (app.ts) leaves this one path alone.
 */
export const MATERIAL_FILE_UPLOAD_PATH = '/api/materials/files';

/**
 * The upload page's API (paid students only): one file per request (its body is the file, its
 * name in the X-File-Name header, so the browser's upload progress is the file's), the pasted
 * text as JSON, the student's list, one material (its extraction status) and removal.
 */
export function materialsRoutes(deps: MaterialsDeps & { auth: Auth }) {
  const paid = requirePaid(deps.auth, deps.database);
  return new Hono()
    .get('/', paid, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ materials: await listMaterials(deps.database, c.get('user').id) });
    })
    .post('/files', paid, async (c) => {
      try {
        const material = await uploadFile(deps, c.get('user').id, {
          rawName: c.req.header(FILE_NAME_HEADER),
          body: c.req.raw.body,
          contentLength: c.req.header('Content-Length'),
        });
        return c.json(material, 201);
      } catch (error) {
        // Refused before the whole body was read: close the connection rather than read the rest.
        c.header('Connection', 'close');
        throw error;
      }
    })
    .post('/text', paid, jsonBody(pastedTextSchema), async (c) => {
      const material = await savePastedText(deps, c.get('user').id, c.req.valid('json').text);
      return c.json(material, 201);
    })
    .get('/quota', paid, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await uploadQuotaLeft(deps.database.db, c.get('user').id));
    })
    .get('/:id', paid, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getMaterial(deps.database, c.get('user').id, c.req.param('id')));
    })
    .delete('/:id', paid, async (c) => {
      await deleteMaterial(deps, c.get('user').id, c.req.param('id'));
      return c.body(null, 204);
    });
}
