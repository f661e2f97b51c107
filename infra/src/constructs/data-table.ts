import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '@gia/functions';

/** The single table, from the same definition the data layer and the local stack use. */
export class DataTable extends Construct {
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: { prod: boolean }) {
    super(scope, id);
    const s = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: s(TABLE_DEFINITION.partitionKey),
      sortKey: s(TABLE_DEFINITION.sortKey),
      billing: dynamodb.Billing.onDemand(),
      timeToLiveAttribute: TABLE_DEFINITION.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.prod,
      removalPolicy: props.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      globalSecondaryIndexes: TABLE_DEFINITION.globalSecondaryIndexes.map((g) => ({
        indexName: g.indexName,
        partitionKey: s(g.partitionKey),
        sortKey: s(g.sortKey),
      })),
    });
  }
}
