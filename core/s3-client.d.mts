// Types of core/s3-client.mjs for the app.
import type { S3ClientConfig } from "@aws-sdk/client-s3";
import type { S3Settings } from "./config.mjs";
export function s3ClientConfig(settings: S3Settings): S3ClientConfig;
