import type { ApiOperationOptions } from '@nestjs/swagger';

/**
 * The @nestjs/swagger decorators this code uses, writing the very metadata keys and values of its own (12.x,
 * dist/decorators): importing the package costs the API ~30 MB of RSS and time at start, so it loads on the first docs request.
 */
const API_OPERATION = 'swagger/apiOperation';
const API_TAGS = 'swagger/apiUseTags';
const API_SECURITY = 'swagger/apiSecurity';
const API_CONSUMES = 'swagger/apiConsumes';
const API_EXCLUDE_CONTROLLER = 'swagger/apiExcludeController';

/** On a method, its summary and the rest of the operation, merged over what an earlier decorator set. */
export function ApiOperation(options: ApiOperationOptions, { overrideExisting } = { overrideExisting: true }): MethodDecorator {
  const metadata = Object.fromEntries(Object.entries({ summary: '', ...options }).filter(([, value]) => value !== undefined));
  return (_target, _key, descriptor) => {
    const previous: object | undefined = Reflect.getMetadata(API_OPERATION, descriptor.value as object);
    if (previous && !overrideExisting) return descriptor;
    Reflect.defineMetadata(API_OPERATION, { ...previous, ...metadata }, descriptor.value as object);
    return descriptor;
  };
}

export function ApiTags(...tags: string[]): MethodDecorator & ClassDecorator {
  return appendTo(API_TAGS, tags);
}

export function ApiConsumes(...mimeTypes: string[]): MethodDecorator & ClassDecorator {
  return appendTo(API_CONSUMES, mimeTypes);
}

export function ApiBearerAuth(name = 'bearer'): ClassDecorator & MethodDecorator {
  return appendTo(API_SECURITY, [{ [name]: [] }]);
}

export function ApiExcludeController(disable = true): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(API_EXCLUDE_CONTROLLER, [...(Reflect.getMetadata(API_EXCLUDE_CONTROLLER, target) ?? []), disable], target);
  };
}

/** Adds the values to the list the method (or, on a class, the class and those it extends) already has. */
function appendTo(key: string, values: unknown[]): MethodDecorator & ClassDecorator {
  return ((target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const on: object = descriptor ? descriptor.value : target;
    Reflect.defineMetadata(key, [...(Reflect.getMetadata(key, on) ?? []), ...values], on);
    return descriptor ?? target;
  }) as MethodDecorator & ClassDecorator;
}
