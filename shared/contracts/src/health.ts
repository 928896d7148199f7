import Type from 'typebox';

export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Object({
    engine: Type.Union([Type.Literal('pglite'), Type.Literal('postgresql')]),
    serverVersion: Type.String(),
  }),
  migration: Type.Object({ version: Type.Integer(), name: Type.String() }),
  uptimeSeconds: Type.Number(),
});
export type Health = Type.Static<typeof Health>;
