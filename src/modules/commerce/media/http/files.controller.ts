import { Controller, Delete, Get, Headers, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { ProviderScoped, Public } from '../../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { AnswersFile } from '../../../../platform/http/openapi/documented-answer';
import { IdParam, ValidBody, ValidQuery } from '../../../../platform/http/validated';
import { DeleteFileCommand } from '../commands/delete-file/delete-file.command';
import { UploadFileCommand } from '../commands/upload-file/upload-file.command';
import { SearchFilesQuery } from '../queries/search-files/search-files.query';
import { ReadMediaQuery } from '../queries/read-media/read-media.query';
import { FileUploadInterceptor } from '../../../../platform/http/file-upload.interceptor';
import { mediaQuery, searchFilesBody } from './files.schemas';

/** Uploads of the back office: pictures for banners, sliders, categories and products. */
@ApiTags('files')
@Controller('api/files')
export class FilesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @ProviderScoped()
  @Post()
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Sube una imagen (campo "file"): JPEG, PNG, WebP, GIF o AVIF, reconocida por su contenido' })
  @UseInterceptors(FileUploadInterceptor)
  upload(@Ctx() ctx: CommandContext, @Req() request: Request) {
    const file = request.file!;
    return this.commands.execute(new UploadFileCommand(ctx, { originalName: file.originalname, declaredType: file.mimetype, bytes: file.buffer }));
  }

  @ProviderScoped()
  @Post('search')
  @ApiOperation({ summary: 'Archivos subidos, el más reciente primero (PRV: de su empresa; ADM: todos)' })
  @ApiBearerAuth()
  search(@CurrentActor() actor: Actor, @ValidBody(searchFilesBody) filter: z.infer<typeof searchFilesBody>) {
    return this.queries.execute(new SearchFilesQuery(actor, filter));
  }

  @ProviderScoped()
  @Delete(':id')
  @ApiOperation({ summary: 'Borra un archivo subido que nada usa (PRV: solo de su empresa)' })
  @ApiBearerAuth()
  remove(@Ctx() ctx: CommandContext, @IdParam() id: number) {
    return this.commands.execute(new DeleteFileCommand(ctx, id));
  }
}

/** The bytes of uploaded files, for pages and the browser's cache. */
@ApiTags('files')
@Controller('api/media')
export class MediaFilesController {
  constructor(private readonly queries: QueryBus) {}

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'Bytes de un archivo; con ?w=320|640|1280|1920, la imagen en WebP a ese ancho' })
  @AnswersFile('image/jpeg', 'image/png', 'image/webp')
  async read(
    @IdParam() id: number,
    @ValidQuery(mediaQuery) query: z.infer<typeof mediaQuery>,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: Response,
  ) {
    const media = await this.queries.execute(new ReadMediaQuery(id, query.w));
    // A file's bytes never change under its id: caches may keep them for a year.
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.setHeader('ETag', media.etag);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (ifNoneMatch === media.etag) {
      media.body.destroy();
      response.status(304).end();
      return;
    }
    response.status(200);
    response.setHeader('Content-Type', media.contentType);
    response.setHeader('Content-Length', String(media.size));
    await pipeline(media.body, response);
  }
}
