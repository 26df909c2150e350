import { prisma } from '~/utils/db.server'

/** Throws when the database does not answer a trivial query (down, restarting, out of connections). */
export async function pingDatabase() {
  await prisma.$queryRaw`SELECT 1`
}
