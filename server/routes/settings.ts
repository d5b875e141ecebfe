import {
  AppLinkSchema,
  ContactSchema,
  ContactUpdateSchema,
  MaintenanceSchema,
  MaintenanceUpdateSchema,
  RequiredUpdateSchema,
  ServerConfigSchema,
} from '../../src/contracts/settings';

import { ok } from '../http/envelope';
import { cachedOk } from '../http/read-cache';
import { createRouter } from '../http/router';
import { readSetting, saveSetting } from '../services/content/settings';

/** App settings: configuration, contact, app link, bid range, maintenance. Reads for players, writes for operators. */
export function settingsRoutes() {
  const r = createRouter('/api/v1', 'Settings');

  r.get(
    '/status',
    { summary: 'Maintenance status (public)', auth: 'public', response: MaintenanceSchema },
    async (c) => cachedOk(c, 'setting:maintenance', () => readSetting(c.get('deps').db, 'maintenance')),
  );
  r.get(
    '/config',
    {
      summary: 'Server configuration: the market time zone and money mode (public)',
      auth: 'public',
      response: ServerConfigSchema,
    },
    async (c) => ok(c, { marketTz: c.get('deps').env.MARKET_TZ, moneyMode: c.get('deps').env.MONEY_MODE }),
  );
  r.get(
    '/admin/contact',
    { summary: 'Contact details', auth: 'public', response: ContactSchema },
    async (c) => cachedOk(c, 'setting:contact', () => readSetting(c.get('deps').db, 'contact')),
  );
  r.get(
    '/admin/app-link',
    { summary: 'App download link', auth: 'public', response: AppLinkSchema },
    async (c) => cachedOk(c, 'setting:app-link', () => readSetting(c.get('deps').db, 'app-link')),
  );
  r.get(
    '/admin/required-update',
    { summary: 'Bid amount range', auth: 'any', response: RequiredUpdateSchema },
    async (c) =>
      cachedOk(c, 'setting:required-update', () => readSetting(c.get('deps').db, 'required-update')),
  );

  r.put(
    '/admin/contact',
    { summary: 'Update contact details', auth: 'owner', body: ContactUpdateSchema, response: ContactSchema },
    async (c, { body }) =>
      ok(c, await saveSetting(c.get('deps').db, 'contact', body), 'Contact details updated'),
  );
  r.put(
    '/admin/app-link',
    { summary: 'Update the app link', auth: 'owner', body: AppLinkSchema.strict(), response: AppLinkSchema },
    async (c, { body }) => ok(c, await saveSetting(c.get('deps').db, 'app-link', body), 'App link updated'),
  );
  r.put(
    '/admin/required-update',
    {
      summary: 'Update the bid amount range',
      auth: 'owner',
      body: RequiredUpdateSchema,
      response: RequiredUpdateSchema,
    },
    async (c, { body }) =>
      ok(c, await saveSetting(c.get('deps').db, 'required-update', body), 'Bid amount range updated'),
  );
  r.put(
    '/admin/maintenance',
    {
      summary: 'Switch maintenance',
      auth: 'owner',
      body: MaintenanceUpdateSchema,
      response: MaintenanceSchema,
    },
    async (c, { body }) => {
      return ok(c, await saveSetting(c.get('deps').db, 'maintenance', body), 'Maintenance status updated');
    },
  );
  return r;
}
