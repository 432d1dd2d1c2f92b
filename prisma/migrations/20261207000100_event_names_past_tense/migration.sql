-- Two identity events named in the past tense, as every other event is (issue 29): events recorded before this
-- migration keep being delivered under their new names.
UPDATE "outbox_event" SET "type" = 'RegisteredEmailSignUpAttempted' WHERE "type" = 'SignUpWithRegisteredEmail';
UPDATE "outbox_event" SET "type" = 'RegisteredEmailInvited' WHERE "type" = 'InvitationToRegisteredEmail';
