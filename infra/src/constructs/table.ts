import { RemovalPolicy, Stack, type CfnElement } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '@gia/functions';

export interface DataTableProps {
  /** prod keeps the table (and its data) when the stack is deleted, and refuses deletion. */
  readonly prod: boolean;
}

/**
 * The single DynamoDB table, declared from the same key and index definition the data layer and
 * the local stack use: on demand, point-in-time recovery, TTL for expiring items, and a stream
 * (new and old images) for the functions that follow its changes.
 */
export class DataTable extends Construct {
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: DataTableProps) {
    super(scope, id);
    // Every key attribute is a string (KEY_ATTRIBUTES of the data layer).
    const key = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: key(TABLE_DEFINITION.partitionKey),
      sortKey: key(TABLE_DEFINITION.sortKey),
      globalSecondaryIndexes: TABLE_DEFINITION.globalSecondaryIndexes.map((g) => ({
        indexName: g.indexName,
        partitionKey: key(g.partitionKey),
        sortKey: key(g.sortKey),
      })),
      timeToLiveAttribute: TABLE_DEFINITION.ttlAttribute,
      // New payment rows reach the invoice function through it (issue 18).
      dynamoStream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.prod,
      removalPolicy: props.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }

  /** The table's ARN as cdk-nag spells it in findings: `<LogicalId.Arn>`. */
  get nagArn(): string {
    return `<${Stack.of(this).getLogicalId(this.table.node.defaultChild as CfnElement)}.Arn>`;
  }
}
