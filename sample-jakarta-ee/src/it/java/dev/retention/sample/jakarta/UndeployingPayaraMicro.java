package dev.retention.sample.jakarta;

import fish.payara.micro.PayaraMicro;
import fish.payara.micro.PayaraMicroRuntime;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Payara Micro's own main, plus what its command line cannot do on a running server: undeploy an application, and
 * list the server's threads. Payara Micro has no admin listener; its API can, from inside its JVM. Commands come one a
 * line on standard input ({@code undeploy <name>}, {@code threads}); every answer line starts with {@code launcher:}.
 */
public final class UndeployingPayaraMicro {

  private UndeployingPayaraMicro() {}

  public static void main(String[] args) throws Exception {
    PayaraMicro.main(args);                    // boots and deploys, then returns; the server's threads keep running
    BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String command = commands.readLine(); command != null; command = commands.readLine()) {
      PayaraMicroRuntime runtime = PayaraMicro.getInstance().getRuntime();
      if (command.startsWith("undeploy ")) {
        String name = command.substring("undeploy ".length());
        runtime.undeploy(name);
        System.out.println("launcher: undeployed " + name + "; deployed now: " + runtime.getDeployedApplicationNames());
      } else if (command.equals("threads")) {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
          System.out.println("launcher: thread " + thread.getName());
        }
        System.out.println("launcher: end of threads");
      } else {
        System.out.println("launcher: unknown command " + command);
      }
    }
  }
}
