import java.io.IOException;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.AbstractNetworkConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local bound to one address (the system property {@code host}, default
 * 127.0.0.1). DynamoDB Local has no host option: its Jetty server listens on every interface.
 * This builds the server exactly as DynamoDB Local's own main does (same command-line options),
 * then sets the host on its Jetty connector before starting it. Telemetry is never configured,
 * so nothing is sent anywhere.
 *
 * <p>With {@code -DexitWithParent=true} it also ends when its standard input closes: the local
 * stack holds the other end of that pipe, so even a stack killed with SIGKILL takes DynamoDB
 * Local with it, and a restart never runs a second server on the same database file.
 */
public class LoopbackLauncher {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      ((AbstractNetworkConnector) connector).setHost(host);
    }
    proxy.start();
    if (Boolean.getBoolean("exitWithParent")) {
      Thread watchdog =
          new Thread(
              () -> {
                try {
                  while (System.in.read() != -1) {
                    // the parent never writes; only the end of the pipe matters
                  }
                } catch (IOException e) {
                  // a broken pipe means the same: the parent is gone
                }
                System.exit(0);
              });
      watchdog.setDaemon(true);
      watchdog.start();
    }
  }
}
