#!/bin/sh
# Fuseki's server jar with the image's Java and the container's arguments, as PID 1: SIGTERM
# reaches the JVM, which closes the dataset and exits.
exec "$JAVA_HOME/bin/java" $JAVA_OPTIONS -jar "${FUSEKI_DIR}/${FUSEKI_JAR}" "$@"
