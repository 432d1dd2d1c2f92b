import { Module } from '@nestjs/common';
import { KeepQuoteHandler } from './commands/keep-quote/keep-quote.handler';
import { KeptQuotesController } from './http/kept-quotes.controller';
import { KeptQuoteSweep } from './jobs/kept-quote-sweep.job';
import { GetKeptQuoteHandler } from './queries/get-kept-quote/get-kept-quote.query';

/** Quotes a patient keeps or shares under a reference, re-quoted when opened (issue 30, "a quote to keep"), swept long after they expire. */
@Module({ controllers: [KeptQuotesController], providers: [KeepQuoteHandler, GetKeptQuoteHandler, KeptQuoteSweep] })
export class KeptQuotesModule {}
