/** Nest injection token for the root pino logger. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');
