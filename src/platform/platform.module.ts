import { DynamicModule, Global, Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AccessGuard } from './auth/access.guard';
import { ApiKeyAuthenticator } from './auth/api-keys';
import { RoutePolicyCheck } from './auth/route-policy-check';
import { Sessions } from './auth/sessions';
import { Throttles } from './auth/throttles';
import { HotPath } from './database/hot-path';
import { PrismaService } from './database/prisma.service';
import { IdempotencyInterceptor } from './http/idempotency';
import { IdempotencySweep } from './jobs/idempotency-sweep';
import { IdempotencyRecords } from './database/idempotency-records';
import { Mailer } from './mail/mailer';
import type * as BullmqJobQueueModule from './messaging/bullmq-job-queue';
import { EventConsumerRegistry, eventQueueName, type EventJob } from './messaging/event-consumers';
import { InProcessJobQueue } from './messaging/in-process-job-queue';
import { JOB_QUEUE, type JobQueue } from './messaging/job-queue';
import { Outbox } from './messaging/outbox';
import { UnitOfWork } from './cqrs/unit-of-work';
import { Readiness, ReadinessChecks } from './health/readiness';
import { WorkerHealthServer } from './health/worker-health-server';
import { DeliveryTracker } from './messaging/delivery-tracker';
import { OutboxRelay } from './messaging/outbox-relay';

import { ROOT_LOGGER } from './platform.tokens';

export { ROOT_LOGGER };

export interface PlatformOptions {
  config: AppConfig;
  databaseUrl: string;
  logger: Logger;
}

/**
 * What every feature module may inject: configuration, the Prisma client, the outbox, the
 * queue port, the event-consumer registry, sessions, throttles and the mailer. It also installs
 * the access guard on every route. In the worker roles it also runs the outbox
 * relay and one queue worker per registered consumer.
 */
@Global()
@Module({})
export class PlatformModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private relay?: OutboxRelay;
  private healthServer?: WorkerHealthServer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly log: Logger,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly prisma: PrismaService,
    private readonly reads: HotPath,
    private readonly consumers: EventConsumerRegistry,
    private readonly delivery: DeliveryTracker,
    private readonly readiness: Readiness,
  ) {}

  static forRoot({ config, databaseUrl, logger }: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [CqrsModule.forRoot(), DiscoveryModule],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: ROOT_LOGGER, useValue: logger },
        { provide: PrismaService, useFactory: () => new PrismaService(databaseUrl) },
        { provide: HotPath, useFactory: () => new HotPath(databaseUrl) },
        {
          provide: JOB_QUEUE,
          useFactory: (): JobQueue => {
            if (!config.redis) return new InProcessJobQueue(logger.child({ module: 'queue' }));
            // BullMQ and its Redis client (about 1.8 MB of modules) are loaded only when there is a Redis to use.
            const { BullmqJobQueue } = require('./messaging/bullmq-job-queue') as typeof BullmqJobQueueModule;
            return new BullmqJobQueue(config.redis.url, config.redis.prefix, config.redis.lockMs, logger.child({ module: 'queue' }));
          },
        },
        Outbox,
        UnitOfWork,
        ReadinessChecks,
        Readiness,
        DeliveryTracker,
        EventConsumerRegistry,
        Sessions,
        ApiKeyAuthenticator,
        IdempotencyRecords,
        IdempotencyInterceptor,
        IdempotencySweep,
        Throttles,
        Mailer,
        RoutePolicyCheck,
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
      exports: [APP_CONFIG, ROOT_LOGGER, PrismaService, HotPath, JOB_QUEUE, Outbox, UnitOfWork, ReadinessChecks, Readiness, DeliveryTracker, EventConsumerRegistry, CqrsModule, Sessions, Throttles, Mailer, IdempotencyInterceptor, IdempotencySweep],
    };
  }

  /** Consumers registered themselves in onModuleInit; start their workers, the relay and the delivery sweeper. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'api') return;
    for (const consumer of this.consumers.all()) {
      this.queue.process<EventJob>(eventQueueName(consumer.name), async (job) => {
        await this.consumers.deliver(consumer.name, BigInt(job.data.eventId));
      });
    }
    const { jobAttempts, jobBackoffMs } = this.config.delivery;
    this.relay = new OutboxRelay(this.prisma, this.queue, this.consumers, this.log.child({ module: 'outbox-relay' }), { jobAttempts, jobBackoffMs });
    this.relay.start();
    this.delivery.start();
    if (this.config.role === 'worker' && this.config.workerHealthPort > 0) {
      this.healthServer = await WorkerHealthServer.start(this.config.workerHealthPort, this.readiness, this.log.child({ module: 'health' }));
    }
  }

  /** The port the worker's health listener is bound to (undefined in other roles or when turned off). */
  get workerHealthPort(): number | undefined {
    return this.healthServer?.port;
  }

  /** In order: nothing new starts, running jobs finish, then the database connection closes. */
  async onApplicationShutdown(): Promise<void> {
    await this.delivery.stop();
    await this.relay?.stop();
    await this.queue.close();
    await this.healthServer?.close();
    await this.reads.close();
    await this.prisma.$disconnect();
  }
}
