import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FieldLimits, PageEnvelope, Paging, PermissionResources } from '@hcm/contracts';
import { CONTACT_SORTS, CONTACTS_PATH } from '@hcm/contracts/workers';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { errorResponses } from '../../../http/envelope.ts';
import { runAsCaller } from '../../../http/caller-scope.ts';
import { findContacts } from './find-contacts.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const ContactQuery = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: FieldLimits.search })),
    organizationUnitId: Type.Optional(Type.String({ format: 'uuid' })),
    pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: Paging.maxPageIndex })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: Paging.maxPageSize })),
    sortBy: Type.Optional(Type.Union(CONTACT_SORTS.map((sort) => Type.Literal(sort)))),
  },
  { additionalProperties: false },
);

const ContactCard = Type.Object({
  id: Type.String({ format: 'uuid' }),
  code: Type.String(),
  fullName: Type.String(),
  gender: Type.String(),
  avatarId: Nullable(Type.String({ format: 'uuid' })),
  organizationUnitId: Type.String({ format: 'uuid' }),
  organizationUnitName: Type.String(),
  jobPositionName: Nullable(Type.String()),
  jobTitleName: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
});

/** GET /api/om/contacts: the colleagues' directory, for every holder of contacts.view. */
export const contactRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    CONTACTS_PATH,
    {
      config: {
        auth: 'user',
        permission: 'contacts.view',
        module: PermissionResources.contacts.module,
      },
      schema: {
        summary:
          'Contacts: working colleagues with unit, position, phone and e-mail; keyword without accents or case, a unit with the units below it',
        tags: ['om/contacts'],
        operationId: 'om.contacts.search',
        querystring: ContactQuery,
        response: { 200: PageEnvelope(ContactCard), ...errorResponses },
      },
    },
    async (request) => runAsCaller(db, request, (tx) => findContacts(tx, request.query)),
  );
};
