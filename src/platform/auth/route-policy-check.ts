import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ACCESS_POLICY, type AccessPolicy } from './access-policy';

export interface RouteInfo {
  /** `Controller.method` */
  route: string;
  /** `POST /api/person/:id` */
  endpoint: string;
  policy: AccessPolicy | undefined;
}

/** Every route handler of every controller, with its declared policy (if any). */
export function listRoutes(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector): RouteInfo[] {
  return discovery.getControllers().flatMap(({ instance, metatype }) => {
    if (!instance || !metatype) return [];
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    return scanner
      .getAllMethodNames(prototype)
      .filter((name) => Reflect.hasMetadata(PATH_METADATA, prototype[name] as object))
      .map((name) => {
        const handler = prototype[name] as () => unknown;
        const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
        const path = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        return {
          route: `${metatype.name}.${name}`,
          endpoint: `${method} ${`/${base}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1')}`,
          policy: reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [handler, metatype]),
        };
      });
  });
}

/** Refuses to start an API in which some route does not say who may call it. */
@Injectable()
export class RoutePolicyCheck implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    const undeclared = listRoutes(this.discovery, this.scanner, this.reflector).filter((r) => !r.policy).map((r) => r.route);
    if (undeclared.length > 0) throw new Error(`Routes without an access policy: ${undeclared.join(', ')}`);
  }
}
