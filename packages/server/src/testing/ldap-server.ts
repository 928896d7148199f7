import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'ldapts';

/** OpenLDAP's server, from Debian's slapd package (scripts/portal.mjs installs it for the tests). */
export const SLAPD = '/usr/sbin/slapd';

/** A real directory for a suite: OpenLDAP on a free port, its own database in a temporary folder. */
export interface TestDirectory {
  readonly url: string;
  readonly baseDn: string;
  readonly adminDn: string;
  readonly adminPassword: string;
  /** adds inetOrgPerson entries under ou=people (uid, cn, mail, telephoneNumber, userPassword) */
  addPeople(people: readonly TestPerson[]): Promise<void>;
  removePerson(uid: string): Promise<void>;
  stop(): Promise<void>;
}

export interface TestPerson {
  readonly uid: string;
  readonly cn: string;
  readonly mail?: string;
  readonly telephoneNumber?: string;
  readonly userPassword?: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitUntilServing(url: string, dn: string, password: string, child: ChildProcess) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}`);
    const client = new Client({ url, timeout: 1000, connectTimeout: 1000 });
    try {
      await client.bind(dn, password);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
}

/** Starts slapd with an mdb database under dc=example,dc=vn holding ou=people. */
export async function startTestDirectory(): Promise<TestDirectory> {
  if (!existsSync(SLAPD))
    throw new Error(`${SLAPD} is missing: install Debian's slapd package (npm test does it)`);
  const folder = await mkdtemp(join(tmpdir(), 'hcm-ldap-'));
  await mkdir(join(folder, 'db'));
  const baseDn = 'dc=example,dc=vn';
  const adminDn = `cn=admin,${baseDn}`;
  const adminPassword = 'Directory-Secret-1';
  await writeFile(
    join(folder, 'slapd.conf'),
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(folder, 'slapd.pid')}`,
      'database mdb',
      'maxsize 10485760',
      `suffix "${baseDn}"`,
      `rootdn "${adminDn}"`,
      `rootpw ${adminPassword}`,
      `directory ${join(folder, 'db')}`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child = spawn(SLAPD, ['-f', join(folder, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], {
    stdio: 'ignore',
  });
  await waitUntilServing(url, adminDn, adminPassword, child);

  const asAdmin = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ url, timeout: 5000 });
    try {
      await client.bind(adminDn, adminPassword);
      return await work(client);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  };
  await asAdmin(async (client) => {
    await client.add(baseDn, {
      objectClass: ['top', 'dcObject', 'organization'],
      dc: 'example',
      o: 'Example',
    });
    await client.add(`ou=people,${baseDn}`, { objectClass: ['top', 'organizationalUnit'], ou: 'people' });
  });

  return {
    url,
    baseDn,
    adminDn,
    adminPassword,
    addPeople: (people) =>
      asAdmin(async (client) => {
        for (const person of people)
          await client.add(`uid=${person.uid},ou=people,${baseDn}`, {
            objectClass: ['top', 'person', 'organizationalPerson', 'inetOrgPerson'],
            uid: person.uid,
            cn: person.cn,
            sn: person.cn.split(' ').at(-1) ?? person.cn,
            ...(person.mail ? { mail: person.mail } : {}),
            ...(person.telephoneNumber ? { telephoneNumber: person.telephoneNumber } : {}),
            ...(person.userPassword ? { userPassword: person.userPassword } : {}),
          });
      }),
    removePerson: (uid) => asAdmin((client) => client.del(`uid=${uid},ou=people,${baseDn}`)),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) =>
        child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve),
      );
      await rm(folder, { recursive: true, force: true });
    },
  };
}
